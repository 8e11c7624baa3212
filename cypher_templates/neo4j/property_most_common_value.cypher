// task: most_common_value
// aliases: the commonest value, the value most nodes share, the group with the most (or fewest) members
// parameters: order
// identifiers: label, property
// directed: any
// weighted: any
// output: list
// complexity: O(nodes of the label)
// description: the value(s) of a property shared by the most (or fewest) nodes of a label, ties kept,
// description: missing never counted
// verified: tested
MATCH (a:{:label})
WHERE a.{:property} IS NOT NULL
WITH a.{:property} AS v, count(*) AS n
WITH max(n) AS hi, min(n) AS lo
MATCH (a:{:label})
WHERE a.{:property} IS NOT NULL
WITH a.{:property} AS v, count(*) AS n, hi, lo
WHERE n = CASE $order WHEN 'lowest' THEN lo ELSE hi END
RETURN collect(v) AS answer
