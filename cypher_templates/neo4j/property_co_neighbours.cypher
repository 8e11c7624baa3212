// task: co_neighbours
// aliases: co-actors, nodes sharing a neighbour with a named node
// parameters: entity
// identifiers: entity_label, entity_key, rel_type, returns
// directions: direction, back
// directed: any
// weighted: any
// output: list
// complexity: O(degree squared)
// description: the other nodes linked to some node the named node is linked to, by the same relationship type
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(m){<back}-[:{:rel_type}]-{>back}(b)
WHERE b <> a
RETURN collect(DISTINCT {~b:returns}) AS answer
