// task: common_neighbors
// aliases: common neighbors, common neighbours, shared neighbors, shared neighbours, mutual neighbors
// aliases: neighbors in common, both connected to
// parameters: source, target
// directed: any
// weighted: any
// output: list
// complexity: O(degree(source) + degree(target))
// description: the nodes adjacent to both nodes (edge directions ignored), sorted
// verified: tested
MATCH (a:{node_label}), (b:{node_label})
WHERE a.id = $source AND b.id = $target
OPTIONAL MATCH (a)-[:{edge_type}]-(c:{node_label})-[:{edge_type}]-(b)
RETURN list_sort(collect(DISTINCT c.id)) AS answer
