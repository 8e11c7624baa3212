// task: connectivity
// aliases: path exists, is there a path, connected, reachable, reach, reachability, connectivity
// parameters: source, target
// directed: any
// weighted: any
// output: yes/no
// complexity: O(V + E) (shortestPath is a breadth-first search)
// description: whether a path leads from source to target (following edge directions in a directed graph)
// verified: tested
MATCH (a:{node_label} {id: $source}), (b:{node_label} {id: $target})
WHERE a <> b
OPTIONAL MATCH p = shortestPath((a)-[:{edge_type}*]{arrow}(b))
RETURN p IS NOT NULL AS answer
UNION
MATCH (a:{node_label} {id: $source})
WHERE $source = $target
RETURN true AS answer
