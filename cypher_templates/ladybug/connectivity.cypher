// task: connectivity
// aliases: path exists, is there a path, connected, reachable, reach, reachability, connectivity
// parameters: source, target
// directed: any
// weighted: any
// output: yes/no
// complexity: O(V + E) (breadth-first search); exact when the graph has at most max_hops + 1 nodes
// description: whether a path leads from source to target (following edge directions in a directed graph)
// verified: tested
MATCH (a:{node_label}), (b:{node_label})
WHERE a.id = $source AND b.id = $target
RETURN a.id = b.id OR EXISTS { MATCH (a)-[:{edge_type}* SHORTEST 1..{max_hops}]{arrow}(b) } AS answer
