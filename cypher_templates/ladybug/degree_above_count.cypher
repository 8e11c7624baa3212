// task: degree_above_count
// aliases: degree greater than, degree above, more than k edges, nodes with degree over k, count nodes by degree
// parameters: k
// directed: any
// weighted: any
// output: number
// complexity: O(V + E)
// description: how many nodes have degree strictly greater than k (in plus out in a directed graph; a
// description: self-loop counts twice, as in the degree; grraf stores each undirected edge once)
// verified: tested
MATCH (a:{node_label})
OPTIONAL MATCH (a)-[e:{edge_type}]->(:{node_label})
WITH a, count(e) AS out
OPTIONAL MATCH (a)<-[f:{edge_type}]-(:{node_label})
WITH a, out, count(f) AS incoming
WITH out + incoming AS degree
WHERE degree > $k
RETURN count(*) AS answer
