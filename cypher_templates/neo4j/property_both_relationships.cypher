// task: both_relationships
// aliases: nodes with two kinds of relationship to the same node
// parameters: none
// identifiers: rel_type, second_rel_type, returns
// directed: any
// weighted: any
// output: list
// complexity: O(relationships of the first type)
// description: the nodes that have relationships of both types to one and the same node
// verified: tested
MATCH (x)-[:{:rel_type}]->(m)<-[:{:second_rel_type}]-(x)
RETURN collect(DISTINCT {~x:returns}) AS answer
