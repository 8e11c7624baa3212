// task: shortest_path_nodes
// aliases: shortest path nodes, list the shortest path, route, nodes on the shortest path, give the shortest path
// aliases: sequence of nodes, cheapest route
// parameters: source, target
// directed: any
// weighted: yes
// output: list
// complexity: O((V + E) log V) (weighted shortest path); exact when the graph has at most max_hops + 1 nodes
// description: the node ids of one minimum-weight path from source to target (null if unreachable)
// verified: tested
MATCH (a:{node_label}), (b:{node_label})
WHERE a.id = $source AND b.id = $target
OPTIONAL MATCH (a)-[e:{edge_type}* WSHORTEST(weight) 1..{max_hops}]{arrow}(b)
WITH a, b, e
LIMIT 1
RETURN CASE
  WHEN a.id = b.id THEN [a.id]
  WHEN e IS NULL THEN NULL
  ELSE list_concat(list_concat([a.id], properties(nodes(e), 'id')), [b.id])
END AS answer
