// task: degree_at_least_count
// aliases: degree at least, degree k or more, at least k edges, nodes with degree no less than k, count nodes by degree
// parameters: k
// directed: any
// weighted: any
// output: number
// complexity: O(V + E)
// description: how many nodes have degree k or more (in plus out in a directed graph; a
// description: self-loop counts twice, as in the degree; grraf stores each undirected edge once)
// verified: tested
MATCH (a:{node_label})
OPTIONAL MATCH (a)-[e:{edge_type}]->(:{node_label})
WITH a, count(e) AS out
OPTIONAL MATCH (a)<-[f:{edge_type}]-(:{node_label})
WITH a, out, count(f) AS incoming
WITH out + incoming AS degree
WHERE degree >= $k
RETURN count(*) AS answer
