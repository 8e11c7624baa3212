// task: two_hop_count
// aliases: how many nodes two relationships away, how many friends of friends
// parameters: entity
// identifiers: entity_label, entity_key, rel_type, second_rel_type
// directions: direction, second_direction
// directed: any
// weighted: any
// output: number
// complexity: O(degree squared)
// description: how many distinct nodes are reached from the named node by one relationship type and then another
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(m){<second_direction}-[:{:second_rel_type}]-{>second_direction}(b)
RETURN count(DISTINCT b) AS answer
