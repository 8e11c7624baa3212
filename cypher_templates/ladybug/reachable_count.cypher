// task: reachable_count
// aliases: number of reachable nodes, reachable from, how many nodes can be reached, descendants, reach
// aliases: reachable set size
// parameters: node
// directed: any
// weighted: any
// output: number
// complexity: O(V + E) (breadth-first search); exact when the graph has at most max_hops + 1 nodes
// description: how many other nodes can be reached from the node (following edge directions)
// verified: tested
MATCH (a:{node_label})
WHERE a.id = $node
OPTIONAL MATCH (a)-[:{edge_type}* SHORTEST 1..{max_hops}]{arrow}(b:{node_label})
WHERE b.id <> a.id
RETURN count(DISTINCT b) AS answer
