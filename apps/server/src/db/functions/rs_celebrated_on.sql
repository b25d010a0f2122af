-- The day a birthday or a hire date's month-day ('MM-DD') is celebrated in p_year (docs/architecture.md A6.17,
-- docs/decisions/0049-celebrations.md), as celebratedOn in packages/shared/src/celebration-rules.ts: itself,
-- except 29 February in a common year, which is the 28th, or 1 March when the store's rule (p_feb29) is 'mar1'.
-- NULL for a NULL month-day. One SQL expression, so the planner inlines it where rs_celebrate,
-- rs_celebration_heads_ups and the list of coming celebrations use it.
CREATE OR REPLACE FUNCTION rs_celebrated_on(p_month_day text, p_year integer, p_feb29 text)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_month_day = '02-29' AND NOT (p_year % 4 = 0 AND (p_year % 100 <> 0 OR p_year % 400 = 0))
      THEN CASE p_feb29 WHEN 'mar1' THEN make_date(p_year, 3, 1) ELSE make_date(p_year, 2, 28) END
    ELSE make_date(p_year, substr(p_month_day, 1, 2)::integer, substr(p_month_day, 4, 2)::integer)
  END
$$;
