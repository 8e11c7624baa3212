// task: neighbours
// aliases: related nodes, neighbours of a named node
// parameters: entity
// identifiers: entity_label, entity_key, rel_type, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree)
// description: the nodes linked to the named node by relationships of one type, in one direction
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
RETURN collect(DISTINCT {~b:returns}) AS answer
