// task: linked_to_both_count
// aliases: how many nodes are linked to one named node by one type and to another by a second type
// parameters: entity, other
// identifiers: entity_label, entity_key, other_label, other_key, rel_type, second_rel_type
// directions: direction, other_direction
// directed: any
// weighted: any
// output: number
// complexity: O(degree)
// description: how many distinct nodes are linked to the named node by one relationship type and to the second named node by another
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (c:{:other_label})
WHERE c.{:other_key} = $other
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b)
MATCH (c){<other_direction}-[:{:second_rel_type}]-{>other_direction}(b)
WHERE b <> a AND b <> c
RETURN count(DISTINCT b) AS answer
