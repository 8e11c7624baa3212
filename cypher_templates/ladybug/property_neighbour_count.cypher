// task: neighbour_count
// aliases: how many related nodes
// parameters: entity
// identifiers: entity_label, entity_key, rel_type
// directions: direction
// directed: any
// weighted: any
// output: number
// complexity: O(degree)
// description: how many distinct nodes are linked to the named node by relationships of one type, in one direction
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
RETURN count(DISTINCT b) AS answer
