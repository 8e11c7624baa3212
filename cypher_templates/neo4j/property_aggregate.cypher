// task: aggregate_property
// aliases: average, total, minimum, maximum, median, range or distinct values of a property
// parameters: aggregate
// identifiers: label, property
// directed: any
// weighted: any
// output: number
// complexity: O(nodes of the label)
// description: an aggregate of a property over all nodes of a label
// verified: tested
MATCH (a:{:label})
WITH a.{:property} AS v
WITH avg(v) AS av, sum(v) AS su, min(v) AS lo, max(v) AS hi, percentileCont(v, 0.5) AS md,
  count(DISTINCT v) AS dv
RETURN CASE $aggregate WHEN 'avg' THEN av WHEN 'sum' THEN 1.0 * su WHEN 'min' THEN 1.0 * lo
  WHEN 'median' THEN md WHEN 'range' THEN 1.0 * (hi - lo) WHEN 'distinct' THEN 1.0 * dv
  ELSE 1.0 * hi END AS answer
