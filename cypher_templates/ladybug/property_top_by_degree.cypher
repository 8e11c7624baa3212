// task: top_by_degree
// aliases: most connected, most relationships, busiest
// parameters: order, limit
// identifiers: label, rel_type, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(relationships of the type)
// description: the node(s) of a label with the most (or fewest) relationships of one type (or the top limit), ties kept
// verified: tested
MATCH (a:{:label})
OPTIONAL MATCH (a){<direction}-[r:{:rel_type}]-{>direction}()
WITH a, count(r) AS n
WITH list_sort(collect(n)) AS ns
WITH ns, CASE WHEN size(ns) < $limit THEN size(ns) ELSE $limit END AS k
WITH CASE WHEN k < 1 THEN null WHEN $order = 'lowest' THEN list_extract(ns, k) ELSE list_extract(ns, size(ns) - k + 1) END AS cut
MATCH (a:{:label})
OPTIONAL MATCH (a){<direction}-[r:{:rel_type}]-{>direction}()
WITH a, count(r) AS n, cut
WHERE CASE $order WHEN 'lowest' THEN n <= cut ELSE n >= cut END
RETURN collect(DISTINCT {~a:returns}) AS answer
