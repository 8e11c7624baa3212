// task: linked_to_both
// aliases: nodes linked to one named node by one type and to another by a second type
// parameters: entity, other
// identifiers: entity_label, entity_key, other_label, other_key, rel_type, second_rel_type, returns
// directions: direction, other_direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree)
// description: the nodes linked to the named node by one relationship type and to the second named node by another
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (c:{:other_label})
WHERE c.{:other_key} = $other
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b)
MATCH (c){<other_direction}-[:{:second_rel_type}]-{>other_direction}(b)
WHERE b <> a AND b <> c
RETURN collect(DISTINCT {~b:returns}) AS answer
