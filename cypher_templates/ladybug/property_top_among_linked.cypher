// task: top_among_linked
// aliases: the youngest director, the oldest actor; the extreme node among those with a relationship of one type
// parameters: order, limit
// identifiers: label, rel_type, property, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(relationships of the type)
// description: of the nodes of a label with relationships of one type, the top (or bottom) few by a property
// verified: tested
MATCH (a:{:label}){<direction}-[:{:rel_type}]-{>direction}()
WITH DISTINCT a
WHERE a.{:property} IS NOT NULL
WITH list_sort(collect(a.{:property})) AS vs
WITH vs, CASE WHEN size(vs) < $limit THEN size(vs) ELSE $limit END AS k
WITH CASE WHEN k < 1 THEN null WHEN $order = 'lowest' THEN list_extract(vs, k) ELSE list_extract(vs, size(vs) - k + 1) END AS cut
MATCH (a:{:label}){<direction}-[:{:rel_type}]-{>direction}()
WITH DISTINCT a, cut
WHERE CASE $order WHEN 'lowest' THEN a.{:property} <= cut ELSE a.{:property} >= cut END
RETURN collect(DISTINCT {~a:returns}) AS answer
