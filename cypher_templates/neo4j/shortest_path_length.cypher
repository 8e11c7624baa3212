// task: shortest_path
// aliases: shortest path length, shortest distance, distance, minimum distance, length of the shortest path, hops
// aliases: fewest edges, number of edges on the shortest path
// parameters: source, target
// directed: any
// weighted: no
// output: number
// complexity: O(V + E) (shortestPath is a breadth-first search)
// description: the number of edges on a shortest path from source to target (null if unreachable)
// verified: tested
MATCH (a:{node_label} {id: $source}), (b:{node_label} {id: $target})
WHERE a <> b
OPTIONAL MATCH p = shortestPath((a)-[:{edge_type}*]{arrow}(b))
RETURN length(p) AS answer
UNION
MATCH (a:{node_label} {id: $source})
WHERE $source = $target
RETURN 0 AS answer
