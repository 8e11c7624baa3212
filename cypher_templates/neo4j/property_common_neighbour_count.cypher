// task: common_neighbour_count
// aliases: how many nodes both named nodes are linked to
// parameters: entity, other
// identifiers: entity_label, entity_key, other_label, other_key, rel_type
// directions: direction
// directed: any
// weighted: any
// output: number
// complexity: O(degree)
// description: how many distinct nodes are linked to both named nodes by the same relationship type and direction
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (c:{:other_label})
WHERE c.{:other_key} = $other
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b)
MATCH (c){<direction}-[:{:rel_type}]-{>direction}(b)
WHERE b <> a AND b <> c
RETURN count(DISTINCT b) AS answer
