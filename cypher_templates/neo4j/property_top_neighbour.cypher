// task: top_neighbour_by_property
// aliases: oldest, largest, longest related node
// parameters: entity, order
// identifiers: entity_label, entity_key, rel_type, on, property, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree)
// description: the linked node(s) with the highest (or lowest) value of a property, ties kept
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH {:on}.{:property} AS v
WITH max(v) AS hi, min(v) AS lo
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH b, {:on}.{:property} AS v, CASE $order WHEN 'lowest' THEN lo ELSE hi END AS best
WHERE v = best
RETURN collect(DISTINCT {~b:returns}) AS answer
