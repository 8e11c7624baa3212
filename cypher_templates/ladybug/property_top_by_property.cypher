// task: top_by_property
// aliases: oldest, youngest, newest, highest, furthest north; the extreme node of a label
// parameters: order, limit
// identifiers: label, property, returns
// directed: any
// weighted: any
// output: list
// complexity: O(nodes of the label)
// description: the node(s) of a label with the highest (or lowest) value of a property (or the top limit), ties kept
// verified: tested
MATCH (a:{:label})
WHERE a.{:property} IS NOT NULL
WITH list_sort(collect(a.{:property})) AS vs
WITH vs, CASE WHEN size(vs) < $limit THEN size(vs) ELSE $limit END AS k
WITH CASE WHEN k < 1 THEN null WHEN $order = 'lowest' THEN list_extract(vs, k) ELSE list_extract(vs, size(vs) - k + 1) END AS cut
MATCH (a:{:label})
WHERE CASE $order WHEN 'lowest' THEN a.{:property} <= cut ELSE a.{:property} >= cut END
RETURN collect(DISTINCT {~a:returns}) AS answer
