// task: shortest_path
// aliases: shortest path weight, shortest path length, shortest distance, distance, minimum distance
// aliases: weight of the shortest path, length of the shortest path, dijkstra, cheapest path
// parameters: source, target
// directed: any
// weighted: yes
// output: number
// complexity: O((V + E) log V) (GDS Dijkstra on an in-memory projection)
// description: the total weight of a shortest path from source to target (null if unreachable)
// requires: gds
// verified: tested
MATCH (a:{node_label} {id: $source}), (b:{node_label} {id: $target})
OPTIONAL CALL gds.shortestPath.dijkstra.stream(
  '{node_label}', {sourceNode: a, targetNode: b, relationshipWeightProperty: 'weight'}
)
YIELD totalCost
RETURN CASE WHEN a = b THEN 0 ELSE totalCost END AS answer
