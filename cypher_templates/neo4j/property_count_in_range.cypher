// task: count_in_range
// aliases: how many nodes have a property between two values; how many born in a decade
// parameters: low, high
// identifiers: label, property
// directed: any
// weighted: any
// output: number
// complexity: O(nodes of the label)
// description: how many nodes of a label have a property between two values, both included
// verified: tested
MATCH (a:{:label})
WITH a, a.{:property} AS v
WHERE v >= $low AND v <= $high
RETURN count(a) AS answer
