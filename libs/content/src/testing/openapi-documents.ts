/**
 * OpenAPI documents written for the parsing tests: a small lending-library API in each version and format
 * the parser reads, valid, with the shapes that matter (path parameters, components, a circular schema).
 */

/** OpenAPI 3.1, YAML: two paths, shared parameters and responses, a category tree (a circular schema). */
export const CATALOG_31_YAML = `openapi: 3.1.0
info:
  title: Lending library catalog
  version: 2.4.0
  description: Books, their categories and who has borrowed them.
servers:
  - url: https://catalog.example.org/v2
paths:
  /books:
    get:
      operationId: listBooks
      summary: Books of the catalog, by title
      parameters:
        - $ref: '#/components/parameters/Cursor'
        - name: category
          in: query
          schema:
            type: string
      responses:
        '200':
          description: A page of books
          content:
            application/json:
              schema:
                type: object
                properties:
                  items:
                    type: array
                    items:
                      $ref: '#/components/schemas/Book'
                  next:
                    type: [string, 'null']
  /books/{bookId}:
    parameters:
      - name: bookId
        in: path
        required: true
        schema:
          type: string
          pattern: '^[a-z0-9-]+$'
    get:
      operationId: getBook
      responses:
        '200':
          description: The book
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Book'
        '404':
          $ref: '#/components/responses/NotFound'
components:
  parameters:
    Cursor:
      name: cursor
      in: query
      schema:
        type: string
  responses:
    NotFound:
      description: No such book
  schemas:
    Book:
      type: object
      required: [id, title]
      properties:
        id:
          type: string
        title:
          type: string
        published:
          type: string
          format: date
          examples: [1999-04-01]
        category:
          $ref: '#/components/schemas/Category'
    Category:
      type: object
      properties:
        name:
          type: string
        parent:
          $ref: '#/components/schemas/Category'
        subcategories:
          type: array
          items:
            $ref: '#/components/schemas/Category'
`;

/** Swagger 2.0, JSON: a branch's opening hours. */
export const BRANCHES_20_JSON = `{
  "swagger": "2.0",
  "info": { "title": "Library branches", "version": "1.0.3" },
  "host": "branches.example.org",
  "basePath": "/api",
  "schemes": ["https"],
  "produces": ["application/json"],
  "paths": {
    "/branches/{code}/hours": {
      "get": {
        "operationId": "branchHours",
        "parameters": [
          { "name": "code", "in": "path", "required": true, "type": "string" },
          { "name": "week", "in": "query", "type": "integer", "minimum": 1, "maximum": 53 }
        ],
        "responses": {
          "200": { "description": "Opening hours of the week", "schema": { "$ref": "#/definitions/Week" } },
          "404": { "description": "No such branch" }
        }
      }
    }
  },
  "definitions": {
    "Week": { "type": "array", "items": { "$ref": "#/definitions/Day" } },
    "Day": {
      "type": "object",
      "required": ["day"],
      "properties": { "day": { "type": "string", "enum": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] }, "opens": { "type": "string" }, "closes": { "type": "string" } }
    }
  }
}
`;

/** OpenAPI 3.0, JSON: holds placed on a book. */
export const HOLDS_30_JSON = `{
  "openapi": "3.0.3",
  "info": { "title": "Holds", "version": "0.9.0" },
  "paths": {
    "/holds": {
      "post": {
        "operationId": "placeHold",
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/HoldRequest" } } } },
        "responses": {
          "201": { "description": "The hold", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Hold" } } } },
          "409": { "description": "The reader already holds this book" }
        }
      }
    }
  },
  "components": {
    "schemas": {
      "HoldRequest": { "type": "object", "required": ["bookId"], "properties": { "bookId": { "type": "string" } } },
      "Hold": {
        "allOf": [
          { "$ref": "#/components/schemas/HoldRequest" },
          { "type": "object", "properties": { "position": { "type": "integer", "minimum": 1 }, "placedAt": { "type": "string", "format": "date-time" } } }
        ]
      }
    }
  }
}
`;
