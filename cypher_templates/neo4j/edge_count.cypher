// task: edge_count
// aliases: number of edges, how many edges, edge count, count the edges, size of the graph, number of links
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(E)
// description: the number of edges (grraf stores each undirected edge once)
// verified: tested
OPTIONAL MATCH (a:{node_label})-[e:{edge_type}]->(b:{node_label})
RETURN count(e) AS answer
