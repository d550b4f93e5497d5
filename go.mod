module github.com/notenrechner/notenrechner

go 1.26
