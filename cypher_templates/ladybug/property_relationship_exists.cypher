// task: relationship_exists
// aliases: is there a relationship between two named nodes
// parameters: source, target
// identifiers: source_label, source_key, target_label, target_key, rel_type
// directed: any
// weighted: any
// output: yes/no
// complexity: O(degree of source)
// description: whether a relationship of the type leads from one named node to the other
// verified: tested
MATCH (a:{:source_label})
WHERE a.{:source_key} = $source
MATCH (b:{:target_label})
WHERE b.{:target_key} = $target
OPTIONAL MATCH (a)-[r:{:rel_type}]->(b)
RETURN count(r) > 0 AS answer
