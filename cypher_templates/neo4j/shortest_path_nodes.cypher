// task: shortest_path_nodes
// aliases: shortest path nodes, list the shortest path, route, nodes on the shortest path, give the shortest path
// aliases: sequence of nodes
// parameters: source, target
// directed: any
// weighted: no
// output: list
// complexity: O(V + E) (shortestPath is a breadth-first search)
// description: the node ids of one path with the fewest edges from source to target (null if unreachable)
// verified: tested
MATCH (a:{node_label} {id: $source}), (b:{node_label} {id: $target})
WHERE a <> b
OPTIONAL MATCH p = shortestPath((a)-[:{edge_type}*]{arrow}(b))
RETURN CASE WHEN p IS NULL THEN NULL ELSE [n IN nodes(p) | n.id] END AS answer
UNION
MATCH (a:{node_label} {id: $source})
WHERE $source = $target
RETURN [a.id] AS answer
