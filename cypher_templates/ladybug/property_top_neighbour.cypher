// task: top_neighbour_by_property
// aliases: oldest, largest, longest related node
// parameters: entity, order, limit
// identifiers: entity_label, entity_key, rel_type, on, property, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(degree)
// description: the linked node(s) with the highest (or lowest) value of a property, or the top limit of them, ties kept
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH {:on}.{:property} AS v
WHERE v IS NOT NULL
WITH list_sort(collect(v)) AS vs
WITH vs, CASE WHEN size(vs) < $limit THEN size(vs) ELSE $limit END AS k
WITH CASE WHEN k < 1 THEN null WHEN $order = 'lowest' THEN list_extract(vs, k) ELSE list_extract(vs, size(vs) - k + 1) END AS cut
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH b, {:on}.{:property} AS v, cut
WHERE CASE $order WHEN 'lowest' THEN v <= cut ELSE v >= cut END
RETURN collect(DISTINCT {~b:returns}) AS answer
