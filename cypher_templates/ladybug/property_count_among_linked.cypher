// task: count_among_linked
// aliases: how many directors were born before 1940; linked nodes with a property above or below a value
// parameters: op, threshold
// identifiers: label, rel_type, property
// directions: direction
// directed: any
// weighted: any
// output: number
// complexity: O(relationships of the type)
// description: how many nodes of a label with relationships of one type have a property that compares to a value
// verified: tested
MATCH (a:{:label}){<direction}-[:{:rel_type}]-{>direction}()
WITH DISTINCT a
WITH a, a.{:property} AS v
WHERE CASE $op WHEN '>' THEN v > $threshold WHEN '>=' THEN v >= $threshold WHEN '<' THEN v < $threshold
  WHEN '<=' THEN v <= $threshold ELSE v = $threshold END
RETURN count(a) AS answer
