// task: top_two_hop
// aliases: worked with most often, most frequent collaborator
// parameters: entity
// identifiers: entity_label, entity_key, rel_type, second_rel_type, returns
// directions: direction, second_direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree squared)
// description: the nodes two steps from the named node (itself left out) through the most different middle nodes, ties kept
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(m){<second_direction}-[:{:second_rel_type}]-{>second_direction}(b)
WHERE b <> a
WITH b, count(DISTINCT m) AS n
WITH max(n) AS most
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(m){<second_direction}-[:{:second_rel_type}]-{>second_direction}(b)
WHERE b <> a
WITH b, most, count(DISTINCT m) AS n
WHERE n = most
RETURN collect(DISTINCT {~b:returns}) AS answer
