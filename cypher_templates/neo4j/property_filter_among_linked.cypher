// task: filter_among_linked
// aliases: the actors born before 1940; linked nodes whose property is above or below a value
// parameters: op, threshold
// identifiers: label, rel_type, property, returns
// directions: direction
// directed: any
// weighted: any
// output: list
// complexity: O(relationships of the type)
// description: the nodes of a label with relationships of one type whose property compares to a value
// verified: tested
MATCH (a:{:label}){<direction}-[:{:rel_type}]-{>direction}()
WITH DISTINCT a
WITH a, a.{:property} AS v
WHERE CASE $op WHEN '>' THEN v > $threshold WHEN '>=' THEN v >= $threshold WHEN '<' THEN v < $threshold
  WHEN '<=' THEN v <= $threshold ELSE v = $threshold END
RETURN collect(DISTINCT {~a:returns}) AS answer
