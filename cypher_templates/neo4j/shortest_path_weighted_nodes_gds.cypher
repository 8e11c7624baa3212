// task: shortest_path_nodes
// aliases: shortest path nodes, list the shortest path, route, nodes on the shortest path, give the shortest path
// aliases: sequence of nodes, cheapest route, dijkstra
// parameters: source, target
// directed: any
// weighted: yes
// output: list
// complexity: O((V + E) log V) (GDS Dijkstra on an in-memory projection)
// description: the node ids of one minimum-weight path from source to target (null if unreachable)
// requires: gds
// verified: tested
MATCH (a:{node_label} {id: $source}), (b:{node_label} {id: $target})
OPTIONAL CALL gds.shortestPath.dijkstra.stream(
  '{node_label}', {sourceNode: a, targetNode: b, relationshipWeightProperty: 'weight'}
)
YIELD nodeIds
RETURN CASE WHEN a = b THEN [a.id] WHEN nodeIds IS NULL THEN NULL ELSE [n IN gds.util.asNodes(nodeIds) | n.id] END AS answer
