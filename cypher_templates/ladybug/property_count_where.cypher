// task: count_where
// aliases: how many nodes have a property above or below a value
// parameters: op, threshold
// identifiers: label, property
// directed: any
// weighted: any
// output: number
// complexity: O(nodes of the label)
// description: how many nodes of a label have a property that compares to a value
// verified: tested
MATCH (a:{:label})
WITH a, a.{:property} AS v
WHERE CASE $op WHEN '>' THEN v > $threshold WHEN '>=' THEN v >= $threshold WHEN '<' THEN v < $threshold
  WHEN '<=' THEN v <= $threshold ELSE v = $threshold END
RETURN count(a) AS answer
