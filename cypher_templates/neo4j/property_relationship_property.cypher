// task: relationship_property
// aliases: property of the relationship between two named nodes
// parameters: source, target
// identifiers: source_label, source_key, target_label, target_key, rel_type, property
// directed: any
// weighted: any
// output: value
// complexity: O(degree of source)
// description: the values of a property of the relationships from one named node to another
// verified: tested
MATCH (a:{:source_label})-[r:{:rel_type}]->(b:{:target_label})
WHERE a.{:source_key} = $source AND b.{:target_key} = $target
RETURN collect(DISTINCT r.{:property}) AS answer
