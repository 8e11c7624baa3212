// task: out_degree
// aliases: out-degree, out degree, outdegree, degree, outgoing edges, number of outgoing, successors count, edges leaving
// parameters: node
// directed: yes
// weighted: any
// output: number
// complexity: O(degree)
// description: the number of edges that start at the node
// verified: tested
MATCH (a:{node_label} {id: $node})
OPTIONAL MATCH (a)-[e:{edge_type}]->(b:{node_label})
RETURN count(e) AS answer
