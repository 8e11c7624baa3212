// task: filter_in_range
// aliases: nodes with a property between two values; born in a decade
// parameters: low, high
// identifiers: label, property, returns
// directed: any
// weighted: any
// output: list
// complexity: O(nodes of the label)
// description: the nodes of a label whose property lies between two values, both included
// verified: tested
MATCH (a:{:label})
WITH a, a.{:property} AS v
WHERE v >= $low AND v <= $high
RETURN collect(DISTINCT {~a:returns}) AS answer
