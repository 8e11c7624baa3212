// task: filter_nodes
// aliases: nodes whose property is above or below a value
// parameters: op, threshold
// identifiers: label, property, returns
// directed: any
// weighted: any
// output: list
// complexity: O(nodes of the label)
// description: the nodes of a label whose property compares to a value
// verified: tested
MATCH (a:{:label})
WITH a, a.{:property} AS v
WHERE CASE $op WHEN '>' THEN v > $threshold WHEN '>=' THEN v >= $threshold WHEN '<' THEN v < $threshold
  WHEN '<=' THEN v <= $threshold ELSE v = $threshold END
RETURN collect(DISTINCT {~a:returns}) AS answer
