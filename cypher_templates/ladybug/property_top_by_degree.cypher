// task: top_by_degree
// aliases: most connected, most relationships, busiest
// parameters: order
// identifiers: label, rel_type, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(relationships of the type)
// description: the node(s) of a label with the most (or fewest) relationships of one type, ties kept
// verified: tested
MATCH (a:{:label})
OPTIONAL MATCH (a){<direction}-[r:{:rel_type}]-{>direction}()
WITH a, count(r) AS n
WITH max(n) AS hi, min(n) AS lo
MATCH (a:{:label})
OPTIONAL MATCH (a){<direction}-[r:{:rel_type}]-{>direction}()
WITH a, count(r) AS n, CASE $order WHEN 'lowest' THEN lo ELSE hi END AS best
WHERE n = best
RETURN collect(DISTINCT {~a:returns}) AS answer
