// task: top_by_property
// aliases: oldest, youngest, newest, highest, furthest north; the extreme node of a label
// parameters: order
// identifiers: label, property, returns
// directed: any
// weighted: any
// output: list
// complexity: O(nodes of the label)
// description: the node(s) of a label with the highest (or lowest) value of a property, ties kept, missing never wins
// verified: tested
MATCH (a:{:label})
WITH max(a.{:property}) AS hi, min(a.{:property}) AS lo
MATCH (a:{:label})
WITH a, a.{:property} AS v, CASE $order WHEN 'lowest' THEN lo ELSE hi END AS best
WHERE v = best
RETURN collect(DISTINCT {~a:returns}) AS answer
