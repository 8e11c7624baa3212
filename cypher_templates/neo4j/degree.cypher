// task: degree
// aliases: degree of node, node degree, number of edges of node, how many edges, incident edges, valency
// parameters: node
// directed: any
// weighted: any
// output: number
// complexity: O(degree)
// description: the number of edges at the node (in plus out in a directed graph; a self-loop counts twice)
// verified: tested
MATCH (a:{node_label} {id: $node})
OPTIONAL MATCH (a)-[e:{edge_type}]->(b:{node_label})
WITH a, count(e) AS out
OPTIONAL MATCH (c:{node_label})-[f:{edge_type}]->(a)
WITH out, count(f) AS incoming
RETURN out + incoming AS answer
