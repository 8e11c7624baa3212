// task: average_degree
// aliases: average degree, mean degree, average number of edges per node, average number of neighbours
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(V + E)
// description: the mean number of edges at a node, 2 * edges / nodes (in plus out in a directed graph;
// description: a self-loop counts twice, as in the degree; grraf stores each undirected edge once)
// verified: tested
MATCH (n:{node_label})
WITH count(n) AS nodes
OPTIONAL MATCH (:{node_label})-[e:{edge_type}]->(:{node_label})
WITH nodes, count(e) AS edges
RETURN CASE WHEN nodes = 0 THEN null ELSE 2.0 * edges / nodes END AS answer
