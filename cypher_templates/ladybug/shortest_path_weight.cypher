// task: shortest_path
// aliases: shortest path weight, shortest path length, shortest distance, distance, minimum distance
// aliases: weight of the shortest path, length of the shortest path, dijkstra, cheapest path
// parameters: source, target
// directed: any
// weighted: yes
// output: number
// complexity: O((V + E) log V) (weighted shortest path); exact when the graph has at most max_hops + 1 nodes
// description: the total weight of a shortest path from source to target (null if unreachable)
// verified: tested
MATCH (a:{node_label}), (b:{node_label})
WHERE a.id = $source AND b.id = $target
OPTIONAL MATCH (a)-[e:{edge_type}* WSHORTEST(weight) 1..{max_hops}]{arrow}(b)
RETURN CASE WHEN a.id = b.id THEN 0 ELSE cost(e) END AS answer
