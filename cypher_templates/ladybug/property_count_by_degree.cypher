// task: count_by_degree
// aliases: how many nodes have more than k relationships
// parameters: op, threshold
// identifiers: label, rel_type
// directions: direction
// directed: any
// weighted: any
// output: number
// complexity: O(relationships of the type)
// description: how many nodes of a label have a number of relationships of one type that compares to a value
// verified: tested
MATCH (a:{:label})
OPTIONAL MATCH (a){<direction}-[r:{:rel_type}]-{>direction}()
WITH a, count(r) AS n
WHERE CASE $op WHEN '>' THEN n > $threshold WHEN '>=' THEN n >= $threshold WHEN '<' THEN n < $threshold
  WHEN '<=' THEN n <= $threshold ELSE n = $threshold END
RETURN count(a) AS answer
