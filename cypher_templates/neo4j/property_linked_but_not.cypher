// task: linked_but_not
// aliases: nodes linked to one named node by one type but not to another by a second type
// parameters: entity, other
// identifiers: entity_label, entity_key, other_label, other_key, rel_type, second_rel_type, returns
// directions: direction, other_direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree)
// description: the nodes linked to the named node by one relationship type and not to the second named node by another
// verified: tested
MATCH (c:{:other_label})
WHERE c.{:other_key} = $other
WITH collect(c) AS named
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b)
WHERE b <> a AND NOT b IN named
  AND NOT EXISTS { MATCH (o:{:other_label}){<other_direction}-[:{:second_rel_type}]-{>other_direction}(b) WHERE o.{:other_key} = $other }
RETURN collect(DISTINCT {~b:returns}) AS answer
