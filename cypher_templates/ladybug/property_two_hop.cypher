// task: two_hop_neighbours
// aliases: nodes two relationships away, friends of friends
// parameters: entity
// identifiers: entity_label, entity_key, rel_type, second_rel_type, returns
// directions: direction, second_direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree squared)
// description: the nodes reached from the named node by one relationship type and then another
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(m){<second_direction}-[:{:second_rel_type}]-{>second_direction}(b)
RETURN collect(DISTINCT {~b:returns}) AS answer
