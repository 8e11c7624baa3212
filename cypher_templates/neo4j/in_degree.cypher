// task: in_degree
// aliases: in-degree, in degree, indegree, degree, incoming edges, number of incoming, predecessors count, edges pointing to
// parameters: node
// directed: yes
// weighted: any
// output: number
// complexity: O(degree)
// description: the number of edges that end at the node
// verified: tested
MATCH (a:{node_label} {id: $node})
OPTIONAL MATCH (b:{node_label})-[e:{edge_type}]->(a)
RETURN count(e) AS answer
