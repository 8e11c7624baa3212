// task: count_label
// aliases: how many nodes of a label
// parameters: none
// identifiers: label
// directed: any
// weighted: any
// output: number
// complexity: O(nodes of the label)
// description: how many nodes carry the label
// verified: tested
MATCH (a:{:label})
RETURN count(a) AS answer
