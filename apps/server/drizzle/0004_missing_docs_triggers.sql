-- employees.missing_mandatory_docs: how many of the unit's mandatory, active document types the employee
-- has not uploaded. Kept here, in the database, whatever writes the rows (screens, import, seed, SQL).
CREATE OR REPLACE FUNCTION hr_missing_docs(p_employee integer, p_unit integer) RETURNS smallint
LANGUAGE sql STABLE AS $$
  SELECT count(*)::smallint
  FROM unit_employee_doc_type_map m
  JOIN employee_doc_types t ON t.id = m.employee_doc_type_id
  WHERE m.unit_id = p_unit AND m.is_mandatory AND m.is_active AND t.is_active
    AND NOT EXISTS (SELECT 1 FROM employee_documents d WHERE d.employee_id = p_employee AND d.doc_type_id = m.employee_doc_type_id)
$$;
--> statement-breakpoint
-- Recomputes the figure for a set of employees, writing only the rows whose figure changes.
CREATE OR REPLACE FUNCTION hr_refresh_missing_docs(p_employees integer[], p_units integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE employees e SET missing_mandatory_docs = x.n
  FROM (
    SELECT e2.id, hr_missing_docs(e2.id, e2.unit_id) AS n
    FROM employees e2
    WHERE e2.id = ANY (coalesce(p_employees, '{}')) OR e2.unit_id = ANY (coalesce(p_units, '{}'))
  ) x
  WHERE x.id = e.id AND e.missing_mandatory_docs <> x.n
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_employees_missing_docs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.missing_mandatory_docs := hr_missing_docs(NEW.id, NEW.unit_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_missing_docs BEFORE INSERT OR UPDATE OF unit_id ON employees
FOR EACH ROW EXECUTE FUNCTION hr_employees_missing_docs();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_documents_missing_docs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM hr_refresh_missing_docs(ARRAY(SELECT DISTINCT employee_id FROM new_rows), NULL);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hr_refresh_missing_docs(ARRAY(SELECT DISTINCT employee_id FROM old_rows), NULL);
  ELSE
    PERFORM hr_refresh_missing_docs(ARRAY(SELECT employee_id FROM new_rows UNION SELECT employee_id FROM old_rows), NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employee_documents_missing_docs_ins AFTER INSERT ON employee_documents
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_documents_missing_docs();
--> statement-breakpoint
CREATE TRIGGER employee_documents_missing_docs_del AFTER DELETE ON employee_documents
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_documents_missing_docs();
--> statement-breakpoint
CREATE TRIGGER employee_documents_missing_docs_upd AFTER UPDATE ON employee_documents
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_documents_missing_docs();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_doc_map_missing_docs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM hr_refresh_missing_docs(NULL, ARRAY(SELECT DISTINCT unit_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hr_refresh_missing_docs(NULL, ARRAY(SELECT DISTINCT unit_id FROM old_rows));
  ELSE
    PERFORM hr_refresh_missing_docs(NULL, ARRAY(SELECT unit_id FROM new_rows UNION SELECT unit_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER unit_doc_map_missing_docs_ins AFTER INSERT ON unit_employee_doc_type_map
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_doc_map_missing_docs();
--> statement-breakpoint
CREATE TRIGGER unit_doc_map_missing_docs_del AFTER DELETE ON unit_employee_doc_type_map
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_doc_map_missing_docs();
--> statement-breakpoint
CREATE TRIGGER unit_doc_map_missing_docs_upd AFTER UPDATE ON unit_employee_doc_type_map
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_doc_map_missing_docs();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_doc_types_missing_docs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hr_refresh_missing_docs(NULL, ARRAY(
    SELECT DISTINCT m.unit_id FROM unit_employee_doc_type_map m
    JOIN new_rows n ON n.id = m.employee_doc_type_id
    JOIN old_rows o ON o.id = n.id
    WHERE n.is_active IS DISTINCT FROM o.is_active));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employee_doc_types_missing_docs AFTER UPDATE ON employee_doc_types
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_doc_types_missing_docs();
--> statement-breakpoint
UPDATE employees SET missing_mandatory_docs = hr_missing_docs(id, unit_id);
