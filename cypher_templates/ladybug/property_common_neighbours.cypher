// task: common_neighbours
// aliases: nodes linked to both named nodes
// parameters: entity, other
// identifiers: entity_label, entity_key, other_label, other_key, rel_type, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree)
// description: the nodes linked to both named nodes by the relationship type, in the same direction
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (c:{:other_label})
WHERE c.{:other_key} = $other
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b)
MATCH (c){<direction}-[:{:rel_type}]-{>direction}(b)
WHERE b <> a AND b <> c
RETURN collect(DISTINCT {~b:returns}) AS answer
