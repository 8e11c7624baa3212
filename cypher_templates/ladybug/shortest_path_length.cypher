// task: shortest_path
// aliases: shortest path length, shortest distance, distance, minimum distance, length of the shortest path, hops
// aliases: fewest edges, number of edges on the shortest path
// parameters: source, target
// directed: any
// weighted: no
// output: number
// complexity: O(V + E) (breadth-first search); exact when the graph has at most max_hops + 1 nodes
// description: the number of edges on a shortest path from source to target (null if unreachable)
// verified: tested
MATCH (a:{node_label}), (b:{node_label})
WHERE a.id = $source AND b.id = $target
OPTIONAL MATCH (a)-[e:{edge_type}* SHORTEST 1..{max_hops}]{arrow}(b)
RETURN CASE WHEN a.id = b.id THEN 0 ELSE length(e) END AS answer
