// task: top_neighbour_by_degree
// aliases: most connected related node, busiest of them
// parameters: entity, order
// identifiers: entity_label, entity_key, rel_type, second_rel_type, returns
// directions: direction, second_direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree times the far ends' degree)
// description: of the nodes linked to the named node, the one(s) with the most (or fewest) relationships of a second type, ties kept
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b)
WITH DISTINCT b
OPTIONAL MATCH (b){<second_direction}-[r:{:second_rel_type}]-{>second_direction}()
WITH b, count(r) AS n
WITH max(n) AS hi, min(n) AS lo
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[:{:rel_type}]-{>direction}(b)
WITH DISTINCT b, CASE $order WHEN 'lowest' THEN lo ELSE hi END AS best
OPTIONAL MATCH (b){<second_direction}-[r:{:second_rel_type}]-{>second_direction}()
WITH b, best, count(r) AS n
WHERE n = best
RETURN collect(DISTINCT {~b:returns}) AS answer
