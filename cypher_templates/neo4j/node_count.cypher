// task: node_count
// aliases: number of nodes, how many nodes, node count, count the nodes, order of the graph, vertices count
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(1) (the label count store)
// description: the number of nodes
// verified: tested
MATCH (n:{node_label})
RETURN count(n) AS answer
