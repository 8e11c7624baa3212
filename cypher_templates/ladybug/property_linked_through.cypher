// task: linked_through
// aliases: whether one named node reaches another through a node in the middle
// parameters: entity, other
// identifiers: entity_label, entity_key, other_label, other_key, rel_type, second_rel_type
// directions: direction, other_direction
// directed: any
// weighted: any
// output: yes/no
// complexity: O(degree)
// description: whether some node is linked to the named node by one relationship type and to the second named
// description: node by another
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (c:{:other_label})
WHERE c.{:other_key} = $other
OPTIONAL MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b), (c){<other_direction}-[:{:second_rel_type}]-{>other_direction}(b)
WHERE b <> a AND b <> c
RETURN count(b) > 0 AS answer
